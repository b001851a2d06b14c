import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import './styles.css';

// Whoever has opened the app gets the app at `/` from now on, not the landing page (the gateway
// serves the landing page only to visitors without this cookie).
document.cookie = 'gleba_app=1; Path=/; Max-Age=31536000; SameSite=Lax';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
