import { paymentRidesResource, vouchersResource } from '@taxi/shared';
import { describe, expect, it } from 'vitest';
import { fallbackPage, PAGES } from '../src/app/pages';
import { fallbackPages } from '../src/features/catalogue/fallbackPages';
import { pages as staffPages } from '../src/features/staff/pages';

describe('catalogue pages found by glob', () => {
  it('every declaration with a route gets its list, add and item pages, loaded only when a route needs one', async () => {
    expect(Object.keys(fallbackPages).sort()).toEqual(
      [
        'AirportAgencies',
        'AirportAgencyUsers',
        'Banks',
        'BonusPackage',
        'BonusPackageBonuses',
        'BonusPackageShow',
        'BonusTimeSlices',
        'CaptainCancellationReasons',
        'CarBrandModels',
        'CarBrands',
        'ChangeCaptainReasons',
        'Colors',
        'Companies',
        'CompaniesCreate',
        'CompanyUsers',
        'ComplaintCategories',
        'ContractTemplate',
        'ContractTemplateLevel',
        'ConditionalBonus',
        'Constraints',
        'ConstraintsCreate',
        'ConstraintsEdit',
        'DriversAnnouncements',
        'Event',
        'Events',
        'EventsCreate',
        'Hotels',
        'HotelsCreate',
        'HotelsEdit',
        'HotelsUsers',
        'LostAndFoundEdit',
        'LostAndFoundStore',
        'lost_and_found',
        'Nationalities',
        'RatingCauses',
        'Restaurants',
        'RestaurantsCreate',
        'RestaurantsEdit',
        'RestaurantsUsers',
        'SeasonalReservationsEdit',
        'SeasonalReservationsStore',
        'seasonal_drivers_reservations_allowance_special_cases',
        'Roles',
        'Staff',
        'StaffAdd',
        'TermsAndConditions',
        'TermsAndConditionsCreate',
        'UserProfile',
        'VehicleTypesManagement',
        'Vouchers',
        'VouchersAdd',
        'Voucher',
        'payments',
        'LocationContainers',
        'LocationContainersAdd',
        'LocationContainer',
        'Landmarks',
        'LandmarksAdd',
        'Landmark',
        'stations',
        'StationsAdd',
        'Station',
        'Sectors',
        'Locations',
        'LocationsAdd',
        'Location',
        'BlacklistLocations',
        'BlacklistLocationsAdd',
        'BlacklistLocation',
        'RestrictedAreas',
        'RestrictedAreasAdd',
        'RestrictedArea',
        'EditSeasonalDestinations',
      ].sort(),
    );
    for (const route of [paymentRidesResource.route, vouchersResource.createRoute, vouchersResource.itemRoute]) {
      expect(PAGES[route as string]).toBeUndefined();
      expect(await fallbackPage(route as string)).toBe(fallbackPages[route as keyof typeof fallbackPages]);
    }
  });

  it("a feature's own page wins over the generic page of a declaration", () => {
    expect(PAGES.Staff).toBe(staffPages.Staff);
    expect(PAGES.UserProfile).toBe(staffPages.UserProfile);
    expect(PAGES.Staff).not.toBe(fallbackPages.Staff);
  });
});
