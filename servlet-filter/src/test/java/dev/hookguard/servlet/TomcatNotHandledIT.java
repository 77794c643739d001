package dev.hookguard.servlet;

import jakarta.servlet.Servlet;
import org.apache.catalina.servlets.DefaultServlet;

/**
 * DESIGN.md §1, rule 8 in embedded Tomcat 11, with Tomcat's {@link DefaultServlet} on {@code /} as a web
 * application has it (without one, Tomcat answers an unmapped path before any filter runs).
 */
class TomcatNotHandledIT extends AbstractNotHandledIT {

    @Override
    protected ServletContainer.Factory containers() {
        return TomcatContainer::start;
    }

    @Override
    protected Servlet defaultServlet() {
        return new DefaultServlet();
    }
}
