import { MSG } from '@taxi/shared';
import { AuthField } from '../../components/AuthField';
import { PlannedResetForm } from './PlannedResetForm';

/** Asks for the e-mail a reset link goes to. The reset call does not exist yet, so the form is shown
 * disabled with the planned notice instead of pretending to send. */
export function ResetPasswordEmailPage() {
  return (
    <PlannedResetForm title={MSG.resetPasswordEmailTitle} subtitle={MSG.resetPasswordEmailHelp} submit={MSG.sendLink}>
      <AuthField label={MSG.emailLabel} type="email" disabled />
    </PlannedResetForm>
  );
}
