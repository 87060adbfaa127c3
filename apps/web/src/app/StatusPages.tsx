import BlockIcon from '@mui/icons-material/Block';
import ConstructionIcon from '@mui/icons-material/Construction';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import { Box } from '@mui/material';
import { MSG, type RouteMeta } from '@taxi/shared';
import { useTranslation } from 'react-i18next';
import { useSession } from '../api/session';
import { StatusPage } from '../components/StatusPage';
import { homePath } from '../features/auth/api';

/** The page of a route whose feature is not built yet. */
export function PlannedPage({ meta }: { meta: RouteMeta }) {
  const { t } = useTranslation();
  return (
    <StatusPage
      testId="planned-page"
      icon={<ConstructionIcon />}
      heading={MSG.planned}
      title={t(meta.title)}
      text={MSG.plannedHelp}
    />
  );
}

function useHome(): string {
  const session = useSession();
  return session ? homePath(session) : '/login';
}

export function NotFoundPage() {
  const home = useHome();
  return (
    <Box component="main" sx={{ minHeight: '100vh', bgcolor: 'background.default', pt: 8 }}>
      <StatusPage
        testId="not-found-page"
        icon={<SearchOffIcon />}
        heading="404"
        title={MSG.pageNotFoundTitle}
        text={MSG.pageNotFoundHelp}
        action={{ label: MSG.goHome, to: home }}
      />
    </Box>
  );
}

export function ForbiddenPage() {
  const home = useHome();
  return (
    <Box component="main" sx={{ minHeight: '100vh', bgcolor: 'background.default', pt: 8 }}>
      <StatusPage
        testId="forbidden-page"
        icon={<BlockIcon />}
        heading="403"
        title={MSG.accessDeniedTitle}
        text={MSG.accessDeniedHelp}
        action={{ label: MSG.goHome, to: home }}
      />
    </Box>
  );
}

/** Shown in place of a start page the user's role cannot open (avoids a redirect loop). */
export function NoAccessContent() {
  return <StatusPage icon={<BlockIcon />} title={MSG.accessDeniedTitle} text={MSG.accessDeniedHelp} />;
}
