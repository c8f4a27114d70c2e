import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { IndicatorList } from './indicators';

/** The status and colour the list shows for one value. */
function shown(value: number) {
  const html = renderToStaticMarkup(<IndicatorList indicators={[{ name: 'Geluid', value }]} />);
  return {
    status: /data-indicator-status="(\w+)"/.exec(html)?.[1],
    colour: /data-indicator-colour="(\w+)"/.exec(html)?.[1],
    text: /(\d+) van 100/.exec(html)?.[1],
  };
}

describe('IndicatorList: status and colour by the value as stored (spec section 4)', () => {
  it('puts the boundaries where the spec does: bar below 25 / below 75, colour up to 25 / up to 50 / below 75', () => {
    expect(shown(24.9)).toMatchObject({ status: 'success', colour: 'green' });
    expect(shown(25)).toMatchObject({ status: 'normal', colour: 'green' });
    expect(shown(25.1)).toMatchObject({ status: 'normal', colour: 'yellow' });
    expect(shown(50)).toMatchObject({ status: 'normal', colour: 'yellow' });
    expect(shown(50.1)).toMatchObject({ status: 'normal', colour: 'orange' });
    expect(shown(74.9)).toMatchObject({ status: 'normal', colour: 'orange' });
    expect(shown(75)).toMatchObject({ status: 'exception', colour: 'red' });
  });

  it('does not round before deciding: 74.6 is normal and orange, shown as 75', () => {
    expect(shown(74.6)).toEqual({ status: 'normal', colour: 'orange', text: '75' });
    expect(shown(24.6)).toEqual({ status: 'success', colour: 'green', text: '25' });
  });
});
