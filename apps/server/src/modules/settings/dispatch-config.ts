import type { AiPopupAudience, DispatchMatching, Season } from '@taxi/shared';
import type { DbOrTx } from '../../db/client';
import type { SettingsService } from './service';

const MIN = 60_000;

/** The dispatching settings (and the booking limit) in the units their readers use (metres, milliseconds). */
export interface DispatchTimings {
  radiusM: number;
  offerMs: number;
  /** The cascade: single offers, then one group offer of this size, then unassigned until `retryMs` passed. */
  singleOffers: number;
  groupOfferSize: number;
  retryMs: number;
  /** Single offers follow a batch assignment of all waiting bookings, or each booking's own best captain. */
  matching: DispatchMatching;
  /** Captains whose trip ends within this long are candidates (0: none). */
  soonToClearMs: number;
  popupMs: number;
  /** Every operator whose AI is on gets each popup, or one of them at a time in turn. */
  popupAudience: AiPopupAudience;
  snoozeMinutes: number;
  scheduledLeadMs: number;
  timeChangeAfterMs: number;
  lateBookingMs: number;
  lateCaptainMs: number;
  /** The exceptions board: an unanswered offer after this part of its countdown (0.5 is half). */
  unansweredOfferPart: number;
  /** A driver search (besoin) the cascade starts lasts this long; one renewal adds `besoinRenewalMs`. */
  besoinSearchMs: number;
  besoinRenewalMs: number;
  /** The exceptions board: a driver search (besoin) this long before it ends. */
  besoinExpiringMs: number;
  /** Active bookings a passenger may hold at once (MaxBookingCount); 0 is no limit. */
  maxActiveBookingsPerPassenger: number;
  /** Charged to a passenger who cancels once the captain arrived, in cents; 0 is nothing. */
  lateCancelFeeCents: number;
  /** The current season (the seasonal reservation allowances are the season's). */
  season: Season;
}

/**
 * What the dispatch engine, the AI and the booking timers read: the live dispatching settings (cached
 * by the settings service, so a read is a map lookup, not a query).
 */
export class DispatchConfig {
  constructor(private readonly settings: Pick<SettingsService, 'values'>) {}

  /** `db`: the caller's transaction, when it holds one (a cold cache is filled through it). */
  async current(db?: DbOrTx): Promise<DispatchTimings> {
    const v = await this.settings.values(db);
    return {
      radiusM: v.DISPATCH_RADIUS_KM * 1000,
      offerMs: v.OFFER_TIMEOUT_SECONDS * 1000,
      singleOffers: v.DISPATCH_SINGLE_OFFERS,
      groupOfferSize: v.DISPATCH_GROUP_OFFER_SIZE,
      retryMs: v.DISPATCH_RETRY_MINUTES * MIN,
      matching: v.DISPATCH_MATCHING as DispatchMatching,
      soonToClearMs: v.SOON_TO_CLEAR_MINUTES * MIN,
      popupMs: v.AI_POPUP_SECONDS * 1000,
      popupAudience: v.AI_POPUP_AUDIENCE as AiPopupAudience,
      snoozeMinutes: v.DEFAULT_SNOOZE_MINUTES,
      scheduledLeadMs: v.SCHEDULED_LEAD_MINUTES * MIN,
      timeChangeAfterMs: v.TIME_CHANGE_AFTER_MINUTES * MIN,
      lateBookingMs: v.LATE_BOOKING_MINUTES * MIN,
      lateCaptainMs: v.LATE_CAPTAIN_MINUTES * MIN,
      unansweredOfferPart: v.UNANSWERED_OFFER_PERCENT / 100,
      besoinSearchMs: v.BESOIN_SEARCH_MINUTES * MIN,
      besoinRenewalMs: v.BESOIN_RENEWAL_MINUTES * MIN,
      besoinExpiringMs: v.BESOIN_EXPIRING_MINUTES * MIN,
      maxActiveBookingsPerPassenger: v.MAX_ACTIVE_BOOKINGS_PER_PASSENGER,
      lateCancelFeeCents: v.PASSENGER_LATE_CANCEL_FEE_EUROS * 100,
      season: v.SEASON as Season,
    };
  }
}
