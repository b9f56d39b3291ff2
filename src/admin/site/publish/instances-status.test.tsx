import { render, screen } from '@testing-library/react';
import { siteEditorText } from '../../../content/admin-site';
import { fakeFetch, json } from '../../../test/fake-fetch';
import type { SiteInstances } from '../../site-contract';
import { InstancesStatus } from './instances-status';

const text = siteEditorText.instances;
const seenAt = Date.parse('2026-11-26T20:00:00Z');

describe('what the instances serve', () => {
  it('names the instance behind and why, and goes on asking', async () => {
    const answer: SiteInstances = {
      instances: [
        {
          id: 'b',
          label: 'web-2 (process 41)',
          served: 3,
          latest: 4,
          error: 'Making the pages took too long',
          seenAt,
        },
        { id: 'a', label: 'web-1 (process 40)', served: 4, latest: 4, error: null, seenAt },
      ],
    };
    const api = fakeFetch({ 'GET /admin/api/site/instances': () => json(answer) });
    render(<InstancesStatus />);
    const behind = await screen.findByRole('listitem');
    expect(behind).toHaveTextContent(
      `${text.behind('web-2 (process 41)', 3, 4)}, ${text.because('Making the pages took too long')}`,
    );
    expect(screen.getByRole('heading', { name: text.heading })).toBeVisible();
    expect(api.calls('GET /admin/api/site/instances')).toHaveLength(1);
  });

  it('says so in one line when every instance serves the newest version', async () => {
    fakeFetch({
      'GET /admin/api/site/instances': () =>
        json({
          instances: [
            { id: 'a', label: 'web-1', served: 4, latest: 4, error: null, seenAt },
            { id: 'b', label: 'web-2', served: 4, latest: 4, error: null, seenAt },
          ],
        } satisfies SiteInstances),
    });
    render(<InstancesStatus />);
    expect(await screen.findByText(text.allLive(4, 2))).toBeVisible();
    expect(screen.queryByRole('listitem')).toBeNull();
  });
});
