import { endpoint } from '../endpoint';
import { eventsContract, lostAndFoundContract } from '../events';

/** The city events' report and the live map's layer (the events' list and forms are a catalogue). */
export const eventEndpoints = {
  eventsReport: endpoint<{ event_id?: number; from_date?: string; to_date?: string }>()(
    'GET',
    'events/report',
    eventsContract.report,
  ),
  eventsReportCsv: endpoint<{ event_id?: number; from_date?: string; to_date?: string }>()(
    'GET',
    'events/report/export.csv',
    eventsContract.reportCsv,
  ),
  eventsToday: endpoint()('GET', 'events/today', eventsContract.today),
};

/** Who changed what on a lost item (the list and forms are a catalogue). */
export const lostAndFoundEndpoints = {
  lostItemHistory: endpoint()('GET', 'lost_and_found/:id/history', lostAndFoundContract.history),
};
