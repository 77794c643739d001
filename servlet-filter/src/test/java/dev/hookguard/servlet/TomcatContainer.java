package dev.hookguard.servlet;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.catalina.Context;
import org.apache.catalina.Wrapper;
import org.apache.catalina.connector.Connector;
import org.apache.catalina.startup.Tomcat;
import org.apache.tomcat.util.descriptor.web.FilterDef;
import org.apache.tomcat.util.descriptor.web.FilterMap;

/** Embedded Tomcat 11 (Servlet 6.1), with its default error report valve (which shows stack traces). */
final class TomcatContainer implements ServletContainer {

    private final Tomcat tomcat;
    private final URI base;

    private TomcatContainer(Tomcat tomcat, URI base) {
        this.tomcat = tomcat;
        this.base = base;
    }

    static ServletContainer start(WebApp app) throws Exception {
        Path baseDir = Files.createTempDirectory("hookguard-tomcat");
        Tomcat tomcat = new Tomcat();
        tomcat.setBaseDir(baseDir.toString());
        Connector connector = new Connector();
        connector.setPort(app.port());
        connector.setProperty("address", "127.0.0.1");
        // the settings the servlet-filter README recommends against slow bodies (section "Hardening")
        connector.setProperty("maxSwallowSize", "0");
        connector.setProperty("disableUploadTimeout", "false");
        connector.setProperty("connectionUploadTimeout", "10000");
        tomcat.setConnector(connector);
        Context context = tomcat.addContext("", baseDir.toString());
        context.addServletContainerInitializer(
                (classes, servletContext) -> app.attributes().forEach(servletContext::setAttribute), null);
        FilterDef filter = new FilterDef();
        filter.setFilterName("hookguard");
        if (app.filter() == null) {
            filter.setFilterClass(HookguardFilter.class.getName());
        } else {
            filter.setFilter(app.filter());
        }
        app.initParams().forEach(filter::addInitParameter);
        filter.setAsyncSupported("true");
        context.addFilterDef(filter);
        FilterMap map = new FilterMap();
        map.setFilterName("hookguard");
        map.addURLPattern(app.filterMapping());
        map.setDispatcher("REQUEST");
        map.setDispatcher("ASYNC");
        context.addFilterMap(map);
        int[] later = {0};
        for (jakarta.servlet.Filter laterFilter : app.laterFilters()) {
            FilterDef def = new FilterDef();
            def.setFilterName("later" + later[0]++);
            def.setFilter(laterFilter);
            def.setAsyncSupported("true");
            context.addFilterDef(def);
            FilterMap laterMap = new FilterMap();
            laterMap.setFilterName(def.getFilterName());
            laterMap.addURLPattern(app.filterMapping());
            context.addFilterMap(laterMap);
        }
        int[] index = {0};
        app.servlets().forEach((pattern, servlet) -> {
            String name = "servlet" + index[0]++;
            Wrapper wrapper = Tomcat.addServlet(context, name, servlet);
            wrapper.setAsyncSupported(true);
            context.addServletMappingDecoded(pattern, name);
        });
        tomcat.start();
        return new TomcatContainer(tomcat, URI.create("http://127.0.0.1:" + connector.getLocalPort()));
    }

    @Override
    public URI base() {
        return base;
    }

    @Override
    public void close() throws Exception {
        tomcat.stop();
        tomcat.destroy();
    }
}
