// api first: it takes the access token out of the address before the router reads the location.
import './api'
import { createApp } from 'vue'
import { createPinia } from 'pinia'
import App from './App.vue'
import './styles.css'
import { createAppRouter } from './router'
import { themeReady } from './theme'

const app = createApp(App)
app.use(createPinia())
app.use(createAppRouter())
// A dark page waits for its (separately loaded) theme, so it never shows light first. Should that file
// fail to load, the page still starts, light.
void themeReady()
  .catch((err: unknown) => console.error('The dark theme did not load; the page stays light.', err))
  .then(() => app.mount('#app'))
