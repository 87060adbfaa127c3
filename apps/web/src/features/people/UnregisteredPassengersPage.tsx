import { PassengerList } from './PassengersPage';

export default function UnregisteredPassengersPage() {
  return <PassengerList registered={false} title="Unregistered passengers" />;
}
