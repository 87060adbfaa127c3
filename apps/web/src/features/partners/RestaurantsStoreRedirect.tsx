import { pathTo } from '@taxi/shared';
import { Navigate } from 'react-router';

/** /restaurants/store is the create form's other address (shell.md §2.2 lists both). */
export default function RestaurantsStoreRedirect() {
  return <Navigate to={pathTo('RestaurantsCreate')} replace />;
}
