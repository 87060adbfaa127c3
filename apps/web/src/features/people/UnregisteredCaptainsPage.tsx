import { CaptainList } from './CaptainsPage';

export default function UnregisteredCaptainsPage() {
  return <CaptainList title="Unregistered drivers" fixed={{ registered: false }} />;
}
