// The typed HTTP contract: response schemas of every route (the server validates replies against them
// and serves OpenAPI from them) and the endpoint table the web calls through.
export * from './ai';
export * from './booking-dto';
export * from './bookings';
export * from './broadcasts';
export * from './car-requests';
export * from './chat';
export * from './city';
export * from './complaints';
export * from './endpoint';
export * from './endpoints';
export * from './envelope';
export * from './events';
export * from './fares';
export * from './files';
export * from './fleet';
export * from './notifications';
export * from './people';
export * from './push';
export * from './session';
export * from './settings';
export * from './sms';
export * from './staff';
export * from './surveys';
export * from './system';
export * from './tickets';
export * from './tracking';
