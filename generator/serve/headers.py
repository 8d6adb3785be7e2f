"""The headers every answer of the preview carries, so its pages run only its own script and
style, load only its own images and stay out of other sites' frames and pages."""

from __future__ import annotations

from starlette.types import ASGIApp, Message, Receive, Scope, Send

# The pages use /preview.css, /preview.js, their own PNGs, fetch themselves and follow
# /events/<game>; nothing else, no inline script or style, no form, no frame.
CONTENT_SECURITY_POLICY = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
    "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)
SECURITY_HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Resource-Policy": "same-origin",
}
ENCODED = [(name.lower().encode(), value.encode()) for name, value in SECURITY_HEADERS.items()]


class SecurityHeaders:
    """Adds the security headers to every response, errors and refusals included."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Pass the request on; add the headers to the response's start."""
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def sending(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", ()), *ENCODED]}
            await send(message)

        await self.app(scope, receive, sending)
