import { cityEventsResource } from '@taxi/shared';
import { EventForm } from '../../events/EventForm';
import EventPage from '../../events/EventPage';
import EventsListPage from '../../events/EventsListPage';
import { defineCatalogueWeb } from '../web';

/** City events: their own list (upcoming first, filters) and item page (form and map); the create page is generic with its form. */
export default defineCatalogueWeb(cityEventsResource, {
  Form: EventForm,
  pages: { list: EventsListPage, item: EventPage },
});
