/** Behind-the-scenes slideshow (spec §4, §9): starts once every slide's media has loaded. */

export const slideInterval = 4000;

export type SlideshowState = { loaded: readonly boolean[]; index: number };

export type SlideshowAction =
  | { type: "loaded"; slide: number }
  /** A failed image is logged and still counts as loaded, so the show is never stuck. */
  | { type: "failed"; slide: number }
  | { type: "next" }
  | { type: "goTo"; slide: number };

export function initialSlideshow(total: number): SlideshowState {
  return { loaded: Array.from({ length: total }, () => false), index: 0 };
}

export function isReady(state: SlideshowState): boolean {
  return state.loaded.every(Boolean);
}

export function slideshowReducer(state: SlideshowState, action: SlideshowAction): SlideshowState {
  const total = state.loaded.length;
  switch (action.type) {
    case "loaded":
    case "failed":
      if (state.loaded[action.slide]) return state;
      return { ...state, loaded: state.loaded.map((done, i) => done || i === action.slide) };
    case "next":
      return isReady(state) ? { ...state, index: (state.index + 1) % total } : state;
    case "goTo":
      return action.slide >= 0 && action.slide < total ? { ...state, index: action.slide } : state;
  }
}
