import type { EditorField } from '@console/shared/schemas/upload';
import { createContext, type MouseEvent, type ReactNode, useContext } from 'react';
import { Link } from 'react-router';
import { editorFieldLink } from '../amazon-upload/upload-model';

/** The editor a 去修改 is shown in: its product and how to open one of its fields in place. */
export interface EditorFieldOpener {
  goodsId: number | null;
  /** Opens the field of an editor link's query (`field=...&lang=...`) in this editor. */
  open: (query: URLSearchParams) => void;
}

/** Provided by the product editor; null elsewhere (the error feed, the product list). */
export const EditorFieldOpenerContext = createContext<EditorFieldOpener | null>(null);

type FieldRef = Pick<EditorField, 'kind'> & Partial<Pick<EditorField, 'lang' | 'country' | 'attr'>>;

/**
 * 去修改 to a product's field. Inside that product's own editor (the upload dialog or the
 * 上架检查 opened there) it opens the field in place, where the seller's unsaved changes are;
 * anywhere else it opens the product's editor on the field (`/goods/admin/update/:id?field=`).
 */
export function FieldFixLink({
  goodsId,
  field,
  onOpen,
  children,
  testId,
}: {
  goodsId: number;
  field: FieldRef;
  /** Called before the field opens (a dialog closes itself). */
  onOpen?: (() => void) | undefined;
  children: ReactNode;
  testId: string;
}) {
  const opener = useContext(EditorFieldOpenerContext);
  const href = editorFieldLink(goodsId, field);
  if (opener && opener.goodsId === goodsId) {
    const openHere = (e: MouseEvent) => {
      e.preventDefault();
      onOpen?.();
      opener.open(new URLSearchParams(href.slice(href.indexOf('?') + 1)));
    };
    return (
      <a href={`#${href}`} onClick={openHere} data-testid={testId} data-in-place="yes">
        {children}
      </a>
    );
  }
  return (
    <Link to={href} onClick={onOpen} data-testid={testId}>
      {children}
    </Link>
  );
}
