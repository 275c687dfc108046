import { useId } from "react";
import { Modal } from "#client/components/ui/modal.tsx";

/** A yes/no question in a modal dialog; the confirming button says what it does. */
export function ConfirmDialog(props: {
  title: string;
  body: string;
  confirm: string;
  cancel: string;
  pending: boolean;
  destructive?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const id = useId();
  return (
    <Modal onClose={props.onClose} labelledBy={`${id}-title`} describedBy={`${id}-body`} testId="confirm-dialog">
      <div className="w-[min(28rem,calc(100vw-2rem))] rounded-2xl bg-sand p-6 shadow-xl">
        <h2 id={`${id}-title`} className="font-display text-2xl font-medium">
          {props.title}
        </h2>
        <p id={`${id}-body`} className="mt-3 text-ink-soft">
          {props.body}
        </p>
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          <button type="button" className="btn-outline" onClick={props.onClose}>
            {props.cancel}
          </button>
          <button
            type="button"
            className={props.destructive ? "btn bg-red-700 text-white hover:bg-red-800" : "btn-primary"}
            disabled={props.pending}
            aria-busy={props.pending}
            onClick={props.onConfirm}
          >
            {props.confirm}
          </button>
        </div>
      </div>
    </Modal>
  );
}
