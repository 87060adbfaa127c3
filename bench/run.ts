/**
 * `npm run bench [suite ...]`: runs the benchmark suites (all by default) and writes JSON results to
 * bench/results/. Suites: bookings (board and advanced search over 1,000,000 bookings), people (passenger
 * and captain search at 100,000 passengers), dispatch (candidate search, location fan-out, Redis), capacity (one
 * node and two as separate processes, report rate swept to p99 250 ms), browser
 * (fps and long tasks on the tracking map and the Requests board; needs `npm run build` first), bundle
 * (initial JS of /login, gzip, against the 200 KB target; builds the web app first), http (requests per second
 * at 10 connections on the listening server, against replaying the same SQL), export (the streamed CSV export
 * at 10,000 and 100,000 rows: time to first byte, total, RSS growth ratio), chat (the inbox and the unread poll at
 * 10,000 conversations and 1,000,000 messages, and the CPU of 100 consoles polling), fare (the fare engine quoting
 * against 200 price rules, per quote), geo (point-in-zone lookups over 1,000 polygons, against a linear scan), tickets (the tickets monitoring and the pending queue at 500,000 tickets on
 * PostgreSQL, with the indexes each call uses), complaints (the complaint log filtered by status, captain and dates
 * over 200,000 complaints on PostgreSQL, with the plans), ledger (a captain's balance at 10,000,000 account
 * entries on PostgreSQL, through the service and the API, with the plan), reports (the dashboard and the
 * statistics over a year of 1,000,000 bookings aggregated by the server's rebuild, PostgreSQL and PGlite), voice (50 softphones
 * registering and 20 concurrent calls through one Kamailio: registration and call set-up p95), dispatch-quality
 * (the simulator's busy hour under greedy dispatch and under batch matching: pickup time, dispatch time, completion).
 */
import { benchBookings } from './bookings';
import { benchBrowser } from './browser';
import { benchBundle } from './bundle';
import { benchCapacity } from './capacity';
import { benchChat } from './chat';
import { benchComplaints } from './complaints';
import { benchDispatch } from './dispatch';
import { benchDispatchQuality } from './dispatch-quality';
import { benchExport } from './export';
import { benchFare } from './fare';
import { benchGeo } from './geo';
import { benchLedger } from './ledger';
import { benchPeople } from './people';
import { benchReports } from './reports';
import { benchStall } from './stall';
import { benchHttp } from './throughput';
import { benchTickets } from './tickets';
import { benchVoice } from './voice';

const SUITES: Record<string, () => Promise<void>> = {
  bookings: benchBookings,
  people: benchPeople,
  http: benchHttp,
  dispatch: benchDispatch,
  capacity: benchCapacity,
  'dispatch-quality': benchDispatchQuality,
  browser: benchBrowser,
  bundle: benchBundle,
  export: benchExport,
  chat: benchChat,
  voice: benchVoice,
  fare: benchFare,
  geo: benchGeo,
  tickets: benchTickets,
  complaints: benchComplaints,
  ledger: benchLedger,
  reports: benchReports,
  stall: benchStall,
};

const wanted = process.argv.slice(2);
const names = wanted.length > 0 ? wanted : Object.keys(SUITES);
for (const name of names) {
  const suite = SUITES[name];
  if (!suite) {
    console.error(`Unknown suite ${name}. Suites: ${Object.keys(SUITES).join(', ')}`);
    process.exit(2);
  }
  console.log(`== ${name}`);
  await suite();
}
process.exit(0);
