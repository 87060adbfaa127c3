import { MSG } from '@taxi/shared';
import { AuthField } from '../../components/AuthField';
import { PlannedResetForm } from './PlannedResetForm';

/** Where the e-mailed reset link lands to choose a new password. Planned: no server call exists yet. */
export function ResetPasswordPage() {
  return (
    <PlannedResetForm title={MSG.resetPasswordTitle} subtitle={MSG.resetPasswordHelp} submit={MSG.savePassword}>
      <AuthField label={MSG.newPasswordLabel} type="password" disabled />
      <AuthField label={MSG.confirmPasswordLabel} type="password" disabled />
    </PlannedResetForm>
  );
}
