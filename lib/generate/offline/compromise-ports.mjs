// compromise's German, French and Spanish ports, re-exported through this file so that the type
// checker reads compromise-ports.d.mts: the packages' own types are TypeScript sources that do
// not compile under `strict`.
export { default as de } from "de-compromise";
export { default as es } from "es-compromise";
export { default as fr } from "fr-compromise";
