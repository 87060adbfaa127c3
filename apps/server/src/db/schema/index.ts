export * from './auth';
export * from './bookings';
export * from './city';
export * from './notifications';
export * from './people';
export * from './settings';
export * from './system';
export * from './users';
