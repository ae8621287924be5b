import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { Toaster } from 'react-hot-toast';
import { routes } from './routes';
import './index.css';

const router = createBrowserRouter(routes);
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <RouterProvider router={router} />
    {/* react-hot-toast's defaults are the spec's toast constants (section 9): leave them as they are. */}
    <Toaster />
  </StrictMode>,
);
