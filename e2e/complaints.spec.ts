import { COMPLAINT_MSG } from '@taxi/shared';
import { CHROMIUM, CHROMIUM_ARGS, FAKE_MEDIA_ARGS } from './chromium';
import { expect, test } from './fixtures';
import { login, USERS } from './helpers';

// The voice note is recorded from Chromium's fake microphone (a beep), allowed without a prompt.
test.use({ launchOptions: { executablePath: CHROMIUM, args: [...CHROMIUM_ARGS, ...FAKE_MEDIA_ARGS] } });
test.describe.configure({ mode: 'serial' });

/** One second of a 440 Hz tone as 16-bit mono 8 kHz PCM WAV. */
function toneWav(): Buffer {
  const rate = 8000;
  const samples = rate;
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++)
    data.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 440 * i) / rate) * 12000), i * 2);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8, 'latin1');
  header.write('fmt ', 12, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

const DESCRIPTION = `The captain shouted at me (e2e ${Date.now()})`;

test('a dispatcher files a complaint against a captain with a wav recording', async ({ page, request }) => {
  await login(page, request, USERS.dispatcher, '/complaints');
  await expect(page.locator('header h1')).toHaveText('Complaints');
  const rows = page.getByTestId('complaints-table').locator('tbody tr');
  await expect(rows.first()).toBeVisible();
  await page.getByTestId('file-complaint').click();
  const dialog = page.getByRole('dialog', { name: 'File a complaint' });
  await dialog.getByLabel('A captain').check();
  await dialog.getByTestId('file-captain').getByRole('combobox').fill('a');
  await page.getByRole('option').first().click();
  await dialog.getByTestId('file-description').fill(DESCRIPTION);
  await dialog
    .locator('input[type=file]')
    .setInputFiles({ name: 'shouting.wav', mimeType: 'audio/wav', buffer: toneWav() });
  await expect(dialog.getByTestId('voice-note')).toHaveCount(1);
  await dialog.getByTestId('file-submit').click();
  await expect(page.getByText(COMPLAINT_MSG.created)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(rows.first()).toContainText(DESCRIPTION);
  await expect(rows.first()).toContainText('By Dario Dispatcher');
  await expect(rows.first()).toContainText(/\d{2}h\d{2} \d{2}\/\d{2}\/\d{4}/);
});

test('the Goverment role filters by status, plays a recording, comments with a voice note and treats it', async ({
  page,
  request,
}) => {
  await login(page, request, USERS.gov, '/complaints');
  await expect(page.getByTestId('file-complaint')).toHaveCount(0);
  const rows = page.getByTestId('complaints-table').locator('tbody tr');
  await expect(rows.first()).toBeVisible();

  // The Status dropdown in place of the file action.
  await page.getByTestId('government-status-filter').getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Not Treated', exact: true }).click();
  await expect(rows.filter({ hasText: 'Partially Treated' })).toHaveCount(0);
  await expect(rows.first()).toContainText(DESCRIPTION);

  await rows.first().click();
  const dialog = page.getByTestId('complaint-dialog');
  await expect(dialog).toContainText(DESCRIPTION);
  await expect(dialog).toContainText('Dario Dispatcher');

  // Play the complaint's recording (fetched with the token, drawn as a waveform).
  const play = dialog.getByRole('button', { name: 'Play Recording 1' });
  await play.click();
  await expect(dialog.locator('[data-playing="true"]')).toHaveCount(1);
  await expect(dialog.getByRole('link', { name: 'Download Recording 1' })).toBeVisible();

  // A comment with a voice note recorded from the (fake) microphone, encoded as WAV in the browser.
  await dialog.getByTestId('voice-record').click();
  await expect(dialog.getByTestId('voice-stop')).toBeVisible();
  await page.waitForTimeout(1200);
  await dialog.getByTestId('voice-stop').click();
  await expect(dialog.getByTestId('voice-note')).toHaveCount(1);
  await dialog.getByTestId('comment-text').fill('Called the captain, he apologised.');
  await dialog.getByTestId('comment-send').click();
  await expect(page.getByText('Comment added!')).toBeVisible();
  const comment = dialog.getByTestId('complaint-comment');
  await expect(comment).toHaveCount(1);
  await expect(comment).toContainText('Called the captain, he apologised.');
  await expect(comment.getByTestId('waveform-player')).toHaveCount(1);

  // The status, and its history.
  await dialog.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Treated', exact: true }).click();
  await expect(page.getByText('Saved!')).toBeVisible();
  await expect(dialog.getByRole('list', { name: 'Status history' })).toContainText(
    'Not Treated → Treated by Gustave Government',
  );
});
