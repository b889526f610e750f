import { SnackbarProvider } from 'notistack';
import { NoticeSnackbar } from './notice-snackbar';
import { NoticesToaster, TOAST_AUTO_HIDE_MS } from './notices-toaster';

/** The toasts' renderer (notistack), in a chunk of its own: see LazyNotices. */
export function NoticesHost() {
  return (
    <SnackbarProvider
      maxSnack={3}
      autoHideDuration={TOAST_AUTO_HIDE_MS}
      anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
      Components={{ success: NoticeSnackbar, error: NoticeSnackbar }}
    >
      <NoticesToaster />
    </SnackbarProvider>
  );
}
