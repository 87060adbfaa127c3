import { describe, expect, it } from 'vitest';
import { carModelsEnabled } from '../src/components/pickers/carModels';

describe('car model picker on /drivers/{id}/createCar', () => {
  it('asks for models only once a brand is chosen (never GET car_brands/0/models)', () => {
    expect(carModelsEnabled(null)).toBe(false);
    expect(carModelsEnabled(undefined)).toBe(false);
    expect(carModelsEnabled(0)).toBe(false);
    expect(carModelsEnabled(7)).toBe(true);
  });
});
