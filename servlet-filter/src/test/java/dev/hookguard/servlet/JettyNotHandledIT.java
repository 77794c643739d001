package dev.hookguard.servlet;

import jakarta.servlet.Servlet;
import org.jspecify.annotations.Nullable;

/** DESIGN.md §1, rule 8 in embedded Jetty 12, whose context answers unmapped paths with its built-in 404 servlet. */
class JettyNotHandledIT extends AbstractNotHandledIT {

    @Override
    protected ServletContainer.Factory containers() {
        return JettyContainer::start;
    }

    @Override
    protected @Nullable Servlet defaultServlet() {
        return null;
    }
}
