// The baseline: the smallest Worker, served by the same wrangler as AI42 in the same bench run.
export default {
  fetch() {
    return new Response("hello", { headers: { "Content-Type": "text/plain" } });
  },
};
