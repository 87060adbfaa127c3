import { CAR_REQUEST_MSG } from '@taxi/shared';
import { expect, test } from './fixtures';
import { api, login, USERS } from './helpers';

interface Survey {
  id: number;
  status: string;
  recipients: number;
  questions: { id: number; kind: string }[];
}

test('a survey with a choice, a rating and a text question is built, sent, answered, and its results shown', async ({
  page,
  request,
}) => {
  await login(page, request, USERS.admin, '/surveys/create');
  const title = `Night shifts ${Date.now()}`;
  await page.getByTestId('survey-title').fill(title);
  // The builder starts with a choice question.
  await page.getByTestId('question-prompt-0').fill('How was dispatch?');
  await page.getByTestId('question-0-option-0').fill('Good');
  await page.getByTestId('question-0-option-1').fill('Bad');
  await page.getByTestId('add-question-rating').click();
  await page.getByTestId('question-prompt-1').fill('Rate the app');
  await page.getByTestId('add-question-text').click();
  await page.getByTestId('question-prompt-2').fill('Any idea?');
  await page.getByRole('group', { name: 'Question 3' }).getByLabel('An answer is required').uncheck();
  // Validation: an empty prompt is named on its field.
  await page.getByTestId('add-question-text').click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('This field is required')).toBeVisible();
  await page.getByRole('button', { name: 'Remove question 4' }).click();
  await page.getByRole('button', { name: 'Save' }).click();

  await expect(page).toHaveURL(/\/survey\/\d+$/);
  const id = Number(/\/survey\/(\d+)$/.exec(page.url())?.[1]);
  await page.getByTestId('survey-send').click();
  await page.getByTestId('survey-confirm').click();
  await expect(page.getByText('Sent', { exact: true }).first()).toBeVisible();

  const survey = (await api<{ data: Survey }>(page, 'GET', `surveys/${id}`)).json.data;
  expect(survey.status).toBe('sent');
  expect(survey.recipients).toBeGreaterThan(2);
  const [choice, rating, text] = survey.questions.map((q) => q.id);
  const answers = [
    [0, 5, 'More taxi stands'],
    [0, 4, ''],
    [1, 2, 'Slow at night'],
  ] as const;
  for (const [pick, stars, words] of answers) {
    const res = await api(page, 'POST', 'surveys/dev/answer', {
      survey_id: id,
      answers: [
        { question_id: choice, choice: pick },
        { question_id: rating, rating: stars },
        ...(words ? [{ question_id: text, text: words }] : []),
      ],
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
  }

  await page.reload();
  await expect(page.getByTestId('survey-responses')).toHaveText('3');
  const choiceTable = page.getByRole('table', { name: 'Answers to How was dispatch?' });
  await expect(choiceTable.getByRole('row', { name: /Good\s*2/ })).toBeVisible();
  await expect(choiceTable.getByRole('row', { name: /Bad\s*1/ })).toBeVisible();
  await expect(page.getByTestId(`survey-average-${rating}`)).toContainText('3.67');
  await expect(page.getByTestId(`survey-chart-${choice}`)).toBeVisible();
  await expect(page.getByTestId(`survey-chart-${choice}`).locator('svg').first()).toBeVisible();
  const texts = page.getByTestId(`survey-texts-${text}`);
  await expect(texts).toContainText('More taxi stands');
  await expect(texts).toContainText('Slow at night');

  await page.goto('/surveys');
  await expect(page.getByTestId('surveys').getByRole('row', { name: new RegExp(title) })).toContainText('3 of');
});

test("a car request approved changes the captain's car", async ({ page, request }) => {
  await login(page, request, USERS.admin);
  const captains = await api<{ data: { data: { id: number }[] } }>(page, 'GET', 'captain?perPage=10');
  let captainId = 0;
  let car: { id: number; number: string } | undefined;
  for (const c of captains.json.data.data) {
    const cars = await api<{ data: { id: number; number: string }[] }>(page, 'GET', `captain/${c.id}/cars`);
    if (cars.json.data.length > 0) {
      captainId = c.id;
      car = cars.json.data[0];
      break;
    }
  }
  expect(car).toBeDefined();
  const brands = await api<{ data: { data: { id: number }[] } }>(page, 'GET', 'car_brands?perPage=10');
  const models = await api<{ data: { data: { id: number }[] } }>(
    page,
    'GET',
    `car_brands/${brands.json.data.data[0].id}/models?perPage=10`,
  );
  const colors = await api<{ data: { data: { id: number }[] } }>(page, 'GET', 'colors?perPage=10');
  const plate = `E2E-${String(Date.now()).slice(-5)}`;
  const filed = await api<{ data: { id: number } }>(page, 'POST', 'car_requests/dev/file', {
    captain_id: captainId,
    kind: 'change',
    car_id: car?.id,
    car_model_id: models.json.data.data[0].id,
    color_id: colors.json.data.data[0].id,
    number: plate,
    year: 2023,
  });
  expect(filed.status, JSON.stringify(filed.json)).toBe(200);
  const requestId = filed.json.data.id;

  await page.goto('/car_requests');
  await page.getByTestId(`car-request-open-${requestId}`).click();
  await expect(page.getByTestId('car-request-current')).toContainText(car?.number ?? '');
  await expect(page.getByTestId('car-request-requested')).toContainText(plate);
  await page.getByTestId('car-request-approve').click();
  await expect(page.getByText(CAR_REQUEST_MSG.approved)).toBeVisible();

  const after = await api<{ data: { id: number; number: string }[] }>(page, 'GET', `captain/${captainId}/cars`);
  expect(after.json.data.find((c) => c.id === car?.id)?.number).toBe(plate);
});
