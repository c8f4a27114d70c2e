import { describe, expect, it } from 'vitest';
import { mapViewFor, NETHERLANDS } from './map-view';

const workOrderDefault = { centre: NETHERLANDS, zoom: 11 };

describe('mapViewFor: where a map looks (spec section 8, Map)', () => {
  it('keeps the spec’s default, the Netherlands at about 52.09 N 5.12 E, when there are no markers', () => {
    expect(NETHERLANDS).toEqual([52.09, 5.12]);
    expect(mapViewFor([], workOrderDefault)).toEqual({ kind: 'centre', centre: [52.09, 5.12], zoom: 11 });
    expect(mapViewFor([], { centre: NETHERLANDS, zoom: 7 })).toEqual({ kind: 'centre', centre: [52.09, 5.12], zoom: 7 });
  });

  it('centres on a single marker (or markers on one point) at the spec’s zoom', () => {
    expect(mapViewFor([[52.0907, 5.1214]], workOrderDefault)).toEqual({ kind: 'centre', centre: [52.0907, 5.1214], zoom: 11 });
    expect(mapViewFor([[52.0907, 5.1214], [52.0907, 5.1214]], workOrderDefault)).toEqual({ kind: 'centre', centre: [52.0907, 5.1214], zoom: 11 });
  });

  it('fits several markers: the box from the south-west to the north-east marker', () => {
    expect(mapViewFor([[52.0926, 5.1148], [52.0878, 5.1242], [52.0946, 5.12]], workOrderDefault))
      .toEqual({ kind: 'bounds', bounds: [[52.0878, 5.1148], [52.0946, 5.1242]] });
  });
});
