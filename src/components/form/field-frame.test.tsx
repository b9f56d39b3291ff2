import { render, screen } from '@testing-library/react';
import { FieldFrame } from './field-frame';

describe('FieldFrame', () => {
  it('names the control by its label and describes it by the hint, the note and the error', () => {
    render(
      <FieldFrame
        id="cv"
        label="Résumé"
        hint="A PDF file."
        note="Choose it again."
        error="Too large"
        optional
      >
        {(control) => <input type="file" {...control} />}
      </FieldFrame>,
    );
    const input = screen.getByLabelText('Résumé (optional)');
    expect(input).not.toBeRequired();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('A PDF file. Choose it again. Error: Too large');
  });

  it('names a group by its legend and describes the group, marking each input in error', () => {
    render(
      <FieldFrame id="days" label="Days" hint="Pick any." error="Pick one" group>
        {(control) => (
          <>
            <input type="checkbox" aria-label="Monday" aria-invalid={control['aria-invalid']} />
            <input type="checkbox" aria-label="Tuesday" aria-invalid={control['aria-invalid']} />
          </>
        )}
      </FieldFrame>,
    );
    expect(screen.getByRole('group', { name: 'Days' })).toHaveAccessibleDescription(
      'Pick any. Error: Pick one',
    );
    const monday = screen.getByRole('checkbox', { name: 'Monday' });
    expect(monday).toHaveAttribute('aria-invalid', 'true');
    expect(monday).not.toHaveAccessibleDescription();
  });
});
