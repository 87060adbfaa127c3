import type { ExclusionReason } from './dispatch';
import { texts, tr } from './i18n';

/** Labels of the manual dispatch dialog: the ranked candidates and why others were left out. */
export const DISPATCH_UI = texts({
  listLabel: 'Captains',
  bestCandidates: 'Best candidates',
  otherCaptains: 'Other captains',
  suggestion: 'Suggested',
  clearsIn: (minutes: number) => tr('Free in {{minutes}} min', { minutes }),
  clearsInHelp: 'On a trip that ends near the pickup: the automatic dispatch offers the order once the captain is free',
  scoreHelp: 'Score in seconds, lower is better',
  score: 'Score',
  parts: {
    eta: 'ETA',
    fairness: 'Fairness',
    serviceFit: 'Service fit',
    positionAge: 'Position age',
    stationQueue: 'Station queue',
  },
  partHelp: {
    eta: 'Driving time to the pickup',
    fairness: 'Bonus for a captain who has waited long without a ride',
    serviceFit: 'Penalty for a car much bigger than the order needs',
    positionAge: 'Penalty for a position that has not been updated lately',
    stationQueue: "Place in the queue of the pickup's station (1 is first)",
  },
  seconds: (n: string | number) => tr('{{n}} s', { n }),
  describe: (total: number, eta: number, fairness: number, fit: number, age: number) =>
    tr('Score {{total}}: ETA {{eta}} s, fairness {{fairness}} s, service fit {{fit}} s, position age {{age}} s', {
      total,
      eta,
      fairness,
      fit,
      age,
    }),
  describeQueue: (place: number) => tr('Place {{place}} in the station queue', { place }),
  keyboardHint: 'Press 1 to dispatch the first, arrows to move, Enter to dispatch',
  leftOut: (reasons: string) => tr('Left out: {{reasons}}', { reasons }),
  noneLeftOut: 'Nobody left out',
  considered: (n: number) => tr('Considered near the pickup: {{n}}', { n }),
  noRanked: 'No free captain nearby',
  noMatch: 'No captain matches the filter',
  /** How many captains each reason left out. */
  exclusions: {
    offline: (n: number) => tr('{{n}} offline', { n }),
    inactive: (n: number) => tr('{{n}} inactive', { n }),
    blocked: (n: number) => tr('{{n}} blocked', { n }),
    busy: (n: number) => tr('{{n}} busy', { n }),
    service: (n: number) => tr('{{n}} without the service', { n }),
    vehicle_type: (n: number) => tr('{{n}} wrong vehicle type', { n }),
    seats: (n: number) => tr('{{n}} too few seats', { n }),
    constraint: (n: number) => tr("{{n}} ruled out by the order's constraints", { n }),
  } satisfies Record<ExclusionReason, (n: number) => string>,
} as const);
