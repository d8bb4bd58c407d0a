import { describe, expect, it } from 'vitest';
import { tableSentences } from './tableSentences';

describe('tableSentences', () => {
  it('leads with the first cell when the first column holds labels, and names the other cells by their headers', () => {
    expect(tableSentences(['Plan', 'Price', 'Messages'], [['Pro', '$29/month', '5,000']])).toEqual(['Pro: Price $29/month, Messages 5,000.']);
  });

  it('names every cell when the first column holds figures', () => {
    expect(tableSentences(['Year', 'Revenue'], [['2023', '$1.2M'], ['2024', '$2M']])).toEqual(['Year 2023, Revenue $1.2M.', 'Year 2024, Revenue $2M.']);
  });

  it('lists the cells of a table without a header, setting values that hold commas apart', () => {
    expect(tableSentences(null, [['Charging', 'USB-C, wireless', 'fast']])).toEqual(['Charging: USB-C, wireless; fast.']);
    expect(tableSentences(null, [['12', '40']])).toEqual(['12, 40.']);
  });

  it('says yes and no for ticks and crosses, leaves dashes and empty cells out, and keeps a one-cell row as it is', () => {
    expect(tableSentences(['Feature', 'Free', 'Pro'], [['API access', '✗', '✓'], ['Branding', '-', ''], ['Add-ons']])).toEqual([
      'API access: Free no, Pro yes.',
      'Branding',
      'Add-ons',
    ]);
  });
});
