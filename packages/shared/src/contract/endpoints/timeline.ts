import { endpoint } from '../endpoint';
import { timelineContract } from '../timeline';

export interface TimelineQuery {
  /** Comma-separated kinds; absent: every kind the caller may see. */
  kinds?: string;
  /** Rows older than this id (the next page). */
  before?: number;
  /** Rows newer than this id (the live poll). */
  after?: number;
  limit?: number;
}

/** The live stream of what happens, and one booking's whole story. */
export const timelineEndpoints = {
  timeline: endpoint<TimelineQuery>()('GET', 'timeline', timelineContract.page),
  bookingStory: endpoint()('GET', 'timeline/booking/:id', timelineContract.story),
};
