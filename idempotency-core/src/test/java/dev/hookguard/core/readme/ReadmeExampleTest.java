package dev.hookguard.core.readme;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Supplier;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The root README's framework-free example, taken from README.md as printed, compiled with {@code --release 17} and
 * run on the in-memory store: the delivery runs the handler and is answered with its response. The surrounding class gives the snippet what the README says the application has: the event id, the
 * raw body and headers, and its own {@code chargeCustomer} and {@code respond}.
 */
class ReadmeExampleTest {

    private static final String SECTION = "### No framework at all";

    @TempDir
    Path work;

    @Test
    void shouldCompileAndRunTheFrameworkFreeExampleAsPrinted() throws Exception {
        Path source = work.resolve("readme/FrameworkFree.java");
        Files.createDirectories(source.getParent());
        Files.writeString(source, template().replace("/* SNIPPET */", snippet()));

        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        int status = javac.run(
                null,
                null,
                null,
                "--release",
                "17",
                "-Xlint:all",
                "-Werror",
                "-proc:none",
                "-classpath",
                System.getProperty("java.class.path"),
                "-d",
                work.toString(),
                source.toString());

        assertThat(status).as("javac of README.md's framework-free example").isZero();
        try (URLClassLoader loader =
                new URLClassLoader(new URL[] {work.toUri().toURL()}, getClass().getClassLoader())) {
            @SuppressWarnings("unchecked")
            Supplier<List<String>> example = (Supplier<List<String>>) loader.loadClass("readme.FrameworkFree")
                    .getDeclaredConstructor()
                    .newInstance();
            assertThat(example.get()).containsExactly("charged", "respond 200", "acknowledge true");
        }
    }

    /** The first Java block after the framework-free heading of README.md, exactly as printed. */
    private static String snippet() throws IOException {
        String readme = Files.readString(Path.of("../README.md"));
        int section = readme.indexOf(SECTION);
        assertThat(section).as("README.md has the section '%s'", SECTION).isNotNegative();
        int start = readme.indexOf("```java\n", section) + "```java\n".length();
        return readme.substring(start, readme.indexOf("```", start));
    }

    private static String template() throws IOException {
        try (var in = ReadmeExampleTest.class.getResourceAsStream("FrameworkFree.java.txt")) {
            return new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        }
    }
}
