import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App";
import { takeTokenFromAddress } from "./api";
import "./i18n";
import "./styles.css";

takeTokenFromAddress();
createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
