import { useTranslation } from 'react-i18next';
import { CaptainList } from './CaptainsPage';

export default function UnregisteredCaptainsPage() {
  const { t } = useTranslation();
  return <CaptainList title={t('Unregistered drivers')} fixed={{ registered: false }} />;
}
