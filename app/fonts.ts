import localFont from "next/font/local";

/** Arimo: the face the layout engine measures with (metric-compatible with Arial in the PPTX). */
export const arimo = localFont({
  src: [
    {
      path: "../node_modules/@expo-google-fonts/arimo/400Regular/Arimo_400Regular.ttf",
      weight: "400",
      style: "normal",
    },
    {
      path: "../node_modules/@expo-google-fonts/arimo/400Regular_Italic/Arimo_400Regular_Italic.ttf",
      weight: "400",
      style: "italic",
    },
    {
      path: "../node_modules/@expo-google-fonts/arimo/700Bold/Arimo_700Bold.ttf",
      weight: "700",
      style: "normal",
    },
    {
      path: "../node_modules/@expo-google-fonts/arimo/700Bold_Italic/Arimo_700Bold_Italic.ttf",
      weight: "700",
      style: "italic",
    },
  ],
  variable: "--font-arimo",
  display: "block",
});
