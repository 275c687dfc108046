/**
 * The home page's heading over the collection. It says how many pieces there are, so it changes
 * with the catalog: a new product is a catalog entry, its words, its pictures and this line.
 * Arabic: collection.ar.ts.
 */
export default {
  title: "Two Pieces, One Idea of Hospitality",
};
