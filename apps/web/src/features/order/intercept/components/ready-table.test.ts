import { describe, expect, it } from 'vitest';
import { remeasuredParcel } from './ready-table';

describe('提交包裹 re-measure', () => {
  it('gives grams and millimetres only when all four numbers are filled', () => {
    expect(remeasuredParcel({ weight_g: 350, length_cm: 10, width_cm: 9.5, height_cm: 5 })).toEqual({
      weight_g: 350,
      length_mm: 100,
      width_mm: 95,
      height_mm: 50,
    });
    expect(remeasuredParcel({ weight_g: 350, length_cm: 10, width_cm: null, height_cm: 5 })).toBeNull();
    expect(remeasuredParcel({ weight_g: 0, length_cm: 10, width_cm: 10, height_cm: 5 })).toBeNull();
    // Centimetres with one decimal become whole millimetres without float residue.
    expect(remeasuredParcel({ weight_g: 1, length_cm: 0.3, width_cm: 12.7, height_cm: 29.9 })).toMatchObject({
      length_mm: 3,
      width_mm: 127,
      height_mm: 299,
    });
  });
});
