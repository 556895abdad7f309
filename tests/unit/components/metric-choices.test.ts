import { describe, expect, it } from 'vitest';
import { metricChoices } from '../../../components/accounts/metrics-picker';
import { metricEntrySchema } from '../../../lib/contract/ad-accounts';

const entry = (id: string, isDefault?: boolean) =>
  metricEntrySchema.parse({ id, name: id.toUpperCase(), ...(isDefault === undefined ? {} : { default: isDefault }) });

describe('the metrics picker', () => {
  it('with a default flag, offers the others and counts only those added', () => {
    const catalogue = [entry('spend', true), entry('roas', true), entry('ctr', false), entry('cpm', false)];
    expect(metricChoices(catalogue, [], ['ctr'])).toEqual({
      extras: [catalogue[2], catalogue[3]],
      added: ['ctr'],
      named: ['SPEND', 'ROAS'],
    });
  });

  it('without one, names the totals shown unasked as shown, and never counts them as added', () => {
    const catalogue = ['spend', 'roas', 'ctr', 'cpm'].map((id) => entry(id));
    const choices = metricChoices(catalogue, ['spend', 'roas'], ['spend', 'cpm']);
    expect(choices.extras.map((metric) => metric.id)).toEqual(['ctr', 'cpm']);
    expect(choices.added).toEqual(['cpm']);
    expect(choices.named).toEqual(['SPEND', 'ROAS']);
  });
});
