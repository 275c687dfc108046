import { useState } from "react";

/** Hands a fetched file to the browser as a download, under `filename`. */
function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement("a");
  anchor.href = url;
  anchor.download = filename;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // The download has its own copy once started; the object URL can go at the next turn.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * A document's PDF button (invoice, credit note): the file is fetched with the order's token in a
 * header and saved from memory, so the token never appears in a URL (issue 35), not even a
 * download's.
 */
export function PdfButton(props: {
  fetchPdf: () => Promise<Blob>;
  filename: string;
  className: string;
  label: string;
  failed: string;
  testId?: string;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState(false);
  return (
    <>
      <button
        type="button"
        className={props.className}
        disabled={busy}
        aria-busy={busy}
        data-testid={props.testId}
        onClick={() => {
          setBusy(true);
          setError(false);
          props.fetchPdf().then(
            (blob) => {
              saveFile(blob, props.filename);
              setBusy(false);
            },
            () => {
              setError(true);
              setBusy(false);
            },
          );
        }}
      >
        {props.label}
      </button>
      {error ? (
        <p role="alert" className="basis-full text-sm text-red-800">
          {props.failed}
        </p>
      ) : null}
    </>
  );
}
