package dev.hookguard.spring;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.net.URL;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/**
 * The tests of this module run the stores with the versions Spring Boot's dependency management gives users, not
 * with the root pom's pins: for each library, the jar on the test class path has the version the imported {@code
 * spring-boot-dependencies} BOM manages (the pom sets the root's version properties to those values; this test
 * catches a drift after a Boot upgrade).
 */
class BootManagedVersionsTest {

    private static final Pattern JAR = Pattern.compile("/([^/]+)/([^/]+)/\\1-\\2\\.jar!");

    private static final Map<String, String> managed = new HashMap<>();

    @BeforeAll
    static void readTheBom() throws Exception {
        File bom = new File(System.getProperty("hookguard.boot-bom"));
        NodeList properties = DocumentBuilderFactory.newInstance()
                .newDocumentBuilder()
                .parse(bom)
                .getElementsByTagName("properties")
                .item(0)
                .getChildNodes();
        for (int i = 0; i < properties.getLength(); i++) {
            Node node = properties.item(i);
            if (node instanceof Element element) {
                managed.put(element.getTagName(), element.getTextContent().trim());
            }
        }
    }

    @ParameterizedTest(name = "{1} runs at the version of {0}")
    @CsvSource({
        "lettuce.version, io.lettuce.core.RedisClient",
        "jooq.version, org.jooq.DSLContext",
        "hikaricp.version, com.zaxxer.hikari.HikariDataSource",
        "postgresql.version, org.postgresql.Driver",
        "h2.version, org.h2.Driver",
        "micrometer.version, io.micrometer.core.instrument.MeterRegistry",
        "jackson 2, com.fasterxml.jackson.core.JsonFactory",
        "slf4j.version, org.slf4j.Logger",
        "logback.version, ch.qos.logback.classic.Logger",
        "spring-framework.version, org.springframework.core.SpringVersion",
        "tomcat.version, org.apache.catalina.startup.Tomcat",
    })
    void shouldRunWithTheVersionSpringBootManages(String property, String className) {
        String expected = property.equals("jackson 2") ? jackson2() : managed.get(property);
        assertThat(expected).as("%s in the BOM", property).isNotNull();

        assertThat(versionOf(className)).isEqualTo(expected);
    }

    private static String jackson2() {
        String version = managed.get("jackson-2-bom.version");
        return version != null ? version : managed.get("jackson-bom.version");
    }

    private static String versionOf(String className) {
        URL url = BootManagedVersionsTest.class.getClassLoader().getResource(className.replace('.', '/') + ".class");
        assertThat(url).as("%s on the test class path", className).isNotNull();
        Matcher jar = JAR.matcher(url.toString());
        assertThat(jar.find())
                .as("%s comes from a Maven jar: %s", className, url)
                .isTrue();
        return jar.group(2);
    }
}
