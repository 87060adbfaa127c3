import { pathTo } from '@taxi/shared';
import { Navigate } from 'react-router';

/** /hotels/store is the create form's other address (shell.md §2.2 lists both). */
export default function HotelsStoreRedirect() {
  return <Navigate to={pathTo('HotelsCreate')} replace />;
}
