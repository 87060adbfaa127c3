import { useTranslation } from 'react-i18next';
import { PassengerList } from './PassengersPage';

export default function UnregisteredPassengersPage() {
  const { t } = useTranslation();
  return <PassengerList registered={false} title={t('Unregistered passengers')} />;
}
