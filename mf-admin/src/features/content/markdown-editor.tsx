import { useId, useMemo, useRef, useState } from 'react';
import CodeMirror, { EditorView, type ReactCodeMirrorRef } from '@uiw/react-codemirror';
import { markdown } from '@codemirror/lang-markdown';
import { Button, Spinner } from '@shop/ui';
import type { ContentPreviewBody } from '@shop/contracts/admin';
import { contentApi } from '../../api/content-api';
import { apiErrorText } from '../../lib/api-error-text';

/** The editor in the shop's look (CodeMirror's own classes are styled through its theme, not the slice's CSS). */
const SHOP_THEME = EditorView.theme({
  '.cm-content': { fontSize: '1rem', fontFamily: 'inherit' },
  '&.cm-focused': { outline: '2px solid var(--shop-color-primary-strong)' },
});

/** Wraps the selection in `before`/`after` (or inserts `sample` selected) and keeps the focus in the editor. */
function wrapSelection(view: EditorView, before: string, after: string, sample: string) {
  const { from, to } = view.state.selection.main;
  const text = view.state.sliceDoc(from, to) || sample;
  view.dispatch({
    changes: { from, to, insert: `${before}${text}${after}` },
    selection: { anchor: from + before.length, head: from + before.length + text.length },
  });
  view.focus();
}

/** Puts `prefix` in front of every selected line (headings, lists, quotes). */
function prefixLines(view: EditorView, prefix: string) {
  const { from, to } = view.state.selection.main;
  const changes = [];
  for (let position = from; position <= to;) {
    const line = view.state.doc.lineAt(position);
    changes.push({ from: line.from, insert: prefix });
    position = line.to + 1;
  }
  view.dispatch({ changes });
  view.focus();
}

const TOOLS: ReadonlyArray<{ label: string; text: string; apply: (view: EditorView) => void }> = [
  { label: 'Zwischenüberschrift', text: 'H2', apply: (view) => prefixLines(view, '## ') },
  { label: 'Fett', text: 'F', apply: (view) => wrapSelection(view, '**', '**', 'fetter Text') },
  { label: 'Kursiv', text: 'K', apply: (view) => wrapSelection(view, '_', '_', 'kursiver Text') },
  { label: 'Aufzählung', text: '•', apply: (view) => prefixLines(view, '- ') },
  { label: 'Nummerierte Liste', text: '1.', apply: (view) => prefixLines(view, '1. ') },
  { label: 'Link', text: 'Link', apply: (view) => wrapSelection(view, '[', '](/kontakt)', 'Linktext') },
];

/**
 * The Markdown editor of the back office: CodeMirror 6 with Markdown highlighting,
 * line wrapping, undo and search, a small toolbar for the usual marks, and a preview rendered by
 * the content service itself (`POST /api/admin/content/preview`), so staff see exactly the HTML
 * shoppers will get, sanitised and, for pages, with the operator's details filled in.
 * Controlled: `value` and `onChange`. The editing area is a labelled textbox for screen readers.
 */
export function MarkdownEditor({
  label,
  hint,
  error,
  value,
  onChange,
  kind,
}: {
  label: string;
  hint?: string;
  error?: string;
  value: string;
  onChange: (value: string) => void;
  kind: ContentPreviewBody['kind'];
}) {
  const id = useId();
  const editor = useRef<ReactCodeMirrorRef>(null);
  const [preview, setPreview] = useState<{ state: 'off' | 'loading' | 'shown' | 'failed'; html?: string; message?: string }>({
    state: 'off',
  });
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  const extensions = useMemo(
    () => [
      markdown(),
      EditorView.lineWrapping,
      SHOP_THEME,
      EditorView.contentAttributes.of({
        'aria-labelledby': `${id}-label`,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(error ? { 'aria-invalid': 'true' } : {}),
      }),
    ],
    [id, describedBy, error],
  );

  const showPreview = async () => {
    setPreview({ state: 'loading' });
    try {
      const rendered = await contentApi.preview({ kind, body: value });
      setPreview({ state: 'shown', html: rendered.html, message: `etwa ${rendered.readingMinutes} Min. Lesezeit` });
    } catch (failure) {
      setPreview({ state: 'failed', message: apiErrorText(failure) });
    }
  };

  return (
    <div className="shop-field admin-markdown">
      <span id={`${id}-label`} className="admin-markdown__label">
        {label}
      </span>
      {hint && (
        <p id={`${id}-hint`} className="shop-field__hint">
          {hint}
        </p>
      )}
      <div className="admin-markdown__toolbar" role="toolbar" aria-label={`${label}: Formatierung`}>
        {TOOLS.map((tool) => (
          <button
            key={tool.label}
            type="button"
            className="admin-markdown__tool"
            aria-label={tool.label}
            title={tool.label}
            disabled={preview.state !== 'off'}
            onClick={() => editor.current?.view && tool.apply(editor.current.view)}
          >
            {tool.text}
          </button>
        ))}
        {preview.state === 'off' ? (
          <Button variant="secondary" onClick={() => void showPreview()}>
            Vorschau
          </Button>
        ) : (
          <Button variant="secondary" onClick={() => setPreview({ state: 'off' })}>
            Weiter bearbeiten
          </Button>
        )}
      </div>
      {preview.state === 'off' ? (
        <CodeMirror
          ref={editor}
          className="admin-markdown__editor"
          value={value}
          onChange={onChange}
          extensions={extensions}
          minHeight="16rem"
          basicSetup={{ lineNumbers: false, foldGutter: false, highlightActiveLine: false, highlightActiveLineGutter: false }}
        />
      ) : preview.state === 'loading' ? (
        <Spinner label="Vorschau wird erstellt…" />
      ) : preview.state === 'failed' ? (
        <p className="shop-field__error" role="alert">
          Die Vorschau konnte nicht erstellt werden: {preview.message}
        </p>
      ) : (
        <section className="admin-markdown__preview" aria-label="Vorschau">
          <p className="shop-field__hint">Vorschau, wie der Shop den Text zeigt ({preview.message}):</p>
          <div className="admin-markdown__rendered" dangerouslySetInnerHTML={{ __html: preview.html ?? '' }} />
        </section>
      )}
      {error && (
        <p id={`${id}-error`} className="shop-field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
