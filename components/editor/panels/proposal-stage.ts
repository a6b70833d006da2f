"use client";
import { createContext } from "react";

/**
 * Where the AI prompt panel draws its proposal: the canvas area when the editor docks the
 * inspector beside it (the proposal's before and after replace the slide while it is open), or
 * null, and the panel draws it in place (a tablet's inspector drawer covers the canvas).
 */
export const ProposalStageContext = createContext<HTMLElement | null>(null);
