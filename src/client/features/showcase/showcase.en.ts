import products from "#content/products.en.ts";

/** Copy of the product modal, zoom viewer and slideshow, loaded with them (not with the page). */
export default {
  products,
  modal: {
    close: "Close",
    buyNow: "Buy Now",
    newTab: "(opens the store in a new tab)",
    proposal: "Get Custom Proposal",
    bulkNote: "For special requirements & bulk quantities",
  },
  zoom: {
    title: "{name}, Up Close",
    hint: "Use the buttons, the mouse wheel or + and −. Drag to move around once zoomed in.",
    zoomIn: "Zoom in",
    zoomOut: "Zoom out",
    reset: "Reset zoom",
    level: "Zoom level",
    close: "Close the viewer",
  },
  slideshow: {
    loading: "Loading the workshop footage…",
    slide: "Slide {n} of {total}",
    goTo: "Show slide {n}",
    pause: "Pause the slideshow",
    play: "Play the slideshow",
  },
} as const;
