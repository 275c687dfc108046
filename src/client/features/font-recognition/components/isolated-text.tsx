import { Fragment, type ReactNode } from "react";

/**
 * A message with its {placeholders} filled, each value isolated in <bdi>: a Latin font name or a
 * number inside an Arabic sentence (or the reverse) keeps its own direction and does not pull the
 * punctuation around it out of place.
 */
export function IsolatedText(props: { text: string; params: Record<string, string> }): ReactNode {
  return props.text.split(/(\{\w+\})/).map((part, i) => {
    const name = /^\{(\w+)\}$/.exec(part)?.[1];
    const value = name !== undefined ? props.params[name] : undefined;
    return value !== undefined ? <bdi key={i}>{value}</bdi> : <Fragment key={i}>{part}</Fragment>;
  });
}
