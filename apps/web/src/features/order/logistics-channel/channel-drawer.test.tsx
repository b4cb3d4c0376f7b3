import type { ChannelRow } from '@console/shared/schemas/logistics';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { logisticsKeys } from '../../../api/logistics';
import { ChannelTable } from './channel-drawer';

const sample: ChannelRow = {
  id: 1,
  book_id: 0,
  name: '示例·云途全球专线挂号(普货)',
  carrier_code: 'YunExpress',
  carrier_name: '',
  service: '',
  countries: ['GB'],
  first_weight_g: 50,
  first_price: 400,
  step_weight_g: 50,
  step_price: 400,
  registration_fee: 1800,
  volumetric_divisor: 0,
  battery_allowed: false,
  battery_surcharge: 0,
  service_fee: 100,
  min_weight_g: 0,
  max_weight_g: 0,
  max_side_mm: 0,
  enabled: true,
  is_sample: true,
  currency: 'CNY',
  version: 1,
  updated_at: 0,
};

/** The 物流渠道 drawer's content for a book holding `list` (the list read from the cache, no request). */
function render(list: ChannelRow[]): string {
  const client = new QueryClient();
  client.setQueryData(logisticsKeys.managed(), { list });
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <ChannelTable />
    </QueryClientProvider>,
  );
}

describe('物流渠道 on day one (issue 29 §2)', () => {
  it('an empty book shows the guide: what a channel is, how to add one, 新增渠道', () => {
    const html = render([]);
    expect(html).toContain('data-testid="channel-empty-guide"');
    expect(html).toContain('还没有物流渠道');
    expect(html).toContain('新增渠道');
    expect(html).not.toContain('data-testid="channel-table"');
  });

  it('a book with the installation’s samples shows the table, the 示例 tag and the note, no guide', () => {
    const html = render([sample]);
    expect(html).not.toContain('channel-empty-guide');
    expect(html).toContain('data-testid="channel-table"');
    expect(html).toContain('data-testid="channel-sample-tag"');
    expect(html).toContain('data-testid="channel-sample-note"');
  });
});
