// Script of the prerendered landing page (instead of the whole React app): the landing page is static apart from
// its preview dialogs, so a visitor downloads this and nothing else. Links are ordinary links to prerendered pages.
import { installLandingBehaviour } from './landing-behaviour';

installLandingBehaviour();
