import type { CarRequestRefuseInput, CarRequestStatus } from '../../car-requests';
import type { SurveyInput } from '../../surveys';
import { carRequestsContract } from '../car-requests';
import { endpoint } from '../endpoint';
import { surveysContract } from '../surveys';
import type { PageQuery } from './query';

type Paging = Pick<PageQuery, 'page' | 'perPage'>;

/** Surveys (SURVEYS) and captains' car requests (CAPTAINS). */
export const surveyEndpoints = {
  surveys: endpoint<Paging>()('GET', 'surveys', surveysContract.surveys),
  survey: endpoint()('GET', 'surveys/:id', surveysContract.survey),
  surveyResults: endpoint()('GET', 'surveys/:id/results', surveysContract.results),
  createSurvey: endpoint<undefined, SurveyInput>()('POST', 'surveys', surveysContract.survey),
  updateSurvey: endpoint<undefined, SurveyInput>()('PUT', 'surveys/:id', surveysContract.survey),
  sendSurvey: endpoint()('PUT', 'surveys/:id/send', surveysContract.survey),
  closeSurvey: endpoint()('PUT', 'surveys/:id/close', surveysContract.survey),
  carRequests: endpoint<Paging & { status?: CarRequestStatus }>()('GET', 'car_requests', carRequestsContract.requests),
  carRequest: endpoint()('GET', 'car_requests/:id', carRequestsContract.request),
  approveCarRequest: endpoint()('PUT', 'car_requests/:id/approve', carRequestsContract.request),
  refuseCarRequest: endpoint<undefined, CarRequestRefuseInput>()(
    'PUT',
    'car_requests/:id/refuse',
    carRequestsContract.request,
  ),
};
