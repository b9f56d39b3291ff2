import type { ReactNode } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { vi } from 'vitest';
import { ChoiceGroup } from './choice-group';
import { FormShell } from './form-shell';
import { TextField } from './text-field';

interface Values {
  name: string;
  colours: string[];
}

function Harness({ children, onValid }: { children: ReactNode; onValid?: () => void }) {
  const form = useForm<Values>({
    defaultValues: { name: '', colours: [] },
    resolver: async (values) =>
      values.name && values.colours.length
        ? { values, errors: {} }
        : {
            values: {},
            errors: {
              ...(values.name ? {} : { name: { type: 'required', message: 'Name needed' } }),
              ...(values.colours.length
                ? {}
                : { colours: { type: 'required', message: 'Pick a colour' } }),
            },
          },
  });
  return (
    <FormShell
      id="demo"
      action="/api/forms/demo"
      form={form}
      fieldOrder={['name', 'colours']}
      onSubmit={form.handleSubmit(() => onValid?.())}
      sending={false}
      honeypot={{ value: '', onChange: () => {} }}
      submitLabel="Send"
      messages={() => ({})}
    >
      {children}
    </FormShell>
  );
}

function Fields() {
  return (
    <>
      <TextField name="name" label="Name" hint="As on your ID" />
      <ChoiceGroup
        name="colours"
        type="checkbox"
        legend="Colours"
        options={[
          { value: 'red', label: 'Red' },
          { value: 'blue', label: 'Blue' },
        ]}
      />
    </>
  );
}

describe('form fields', () => {
  it('tie the hint, then the error with a hidden "Error:" prefix, to the field', async () => {
    const user = userEvent.setup();
    render(
      <Harness>
        <Fields />
      </Harness>,
    );
    const name = screen.getByLabelText('Name');
    expect(name).toHaveAccessibleDescription('As on your ID');
    expect(name).not.toHaveAttribute('aria-invalid');
    expect(name).toBeRequired();

    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAttribute('aria-describedby', 'demo-name-hint demo-name-error');
    expect(name).toHaveAccessibleDescription('As on your ID Error: Name needed');
    expect(screen.getByRole('group', { name: 'Colours' })).toHaveAccessibleDescription(
      'Error: Pick a colour',
    );
    screen
      .getAllByRole('checkbox')
      .forEach((box) => expect(box).toHaveAttribute('aria-invalid', 'true'));
  });

  it('list every error in the summary, each link moving focus without navigating', async () => {
    const user = userEvent.setup();
    render(
      <Harness>
        <Fields />
      </Harness>,
    );
    expect(screen.queryByText('There is a problem')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const link = screen.getByRole('link', { name: 'Pick a colour' });
    expect(link).toHaveAttribute('href', '#demo-colours');
    const before = window.location.href;
    await user.click(link);
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Red' })).toHaveFocus());
    expect(window.location.href).toBe(before);

    await user.type(screen.getByLabelText('Name'), 'Kim');
    expect(screen.queryByRole('link', { name: 'Name needed' })).not.toBeInTheDocument();
  });

  it('hide the spam trap from keyboard and screen readers', () => {
    render(
      <Harness>
        <Fields />
      </Harness>,
    );
    const trap = document.querySelector<HTMLInputElement>('input[name="_gotcha"]');
    expect(trap).toHaveAttribute('tabindex', '-1');
    expect(trap).toHaveAttribute('autocomplete', 'off');
    expect(trap?.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(screen.queryByRole('textbox', { name: /leave this field empty/i })).toBeNull();
  });

  it('submit once valid', async () => {
    const onValid = vi.fn();
    const user = userEvent.setup();
    render(
      <Harness onValid={onValid}>
        <Fields />
      </Harness>,
    );
    await user.type(screen.getByLabelText('Name'), 'Kim');
    await user.click(screen.getByRole('checkbox', { name: 'Blue' }));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(onValid).toHaveBeenCalledTimes(1);
  });
});
