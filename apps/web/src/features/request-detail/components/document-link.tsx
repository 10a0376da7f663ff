import Link from '@mui/material/Link';
import { DOCUMENTS_TEXTS } from '../model/detail-documents';

/**
 * A document's link (docs/screens.md "Documents list"): downloaded from its URL, or, for the image
 * type 17, opened in a new window, since the user looks at it rather than keeps it.
 */
export function DocumentLink(props: { name: string; url: string; opensInNewWindow: boolean }) {
  return props.opensInNewWindow ? (
    <Link href={props.url} target="_blank" rel="noopener" aria-label={DOCUMENTS_TEXTS.openImage(props.name)}>
      {props.name}
    </Link>
  ) : (
    <Link href={props.url} download={props.name} aria-label={DOCUMENTS_TEXTS.download(props.name)}>
      {props.name}
    </Link>
  );
}
