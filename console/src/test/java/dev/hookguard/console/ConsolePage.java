package dev.hookguard.console;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;

/** The console page in a browser, as the browser tests read and drive it (what a person sees, by element). */
final class ConsolePage {

    /** A box on the screen, in CSS pixels. */
    record Box(double left, double top, double right, double bottom) {

        boolean overlaps(Box other) {
            return left < other.right && other.left < right && top < other.bottom && other.top < bottom;
        }
    }

    final ChromeDriver browser;
    final WebDriverWait wait;

    ConsolePage(ChromeDriver browser) {
        this.browser = browser;
        this.wait = new WebDriverWait(browser, Duration.ofSeconds(20));
        wait.ignoring(StaleElementReferenceException.class); // the page re-renders its tables
    }

    /** Opens the page, signs in with this token and waits until the operator is shown. */
    void signIn(ConsoleServer server, String token, String signedInAs) {
        browser.get(server.console().toString());
        WebElement field = wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("token")));
        field.sendKeys(token, Keys.ENTER);
        wait.until(d -> text("#operator").equals(signedInAs));
    }

    /** Shows the endpoint's records and waits until this one is listed. */
    void showEndpoint(String endpoint, String listedId) {
        new Select(browser.findElement(By.id("f-endpoint"))).selectByValue(endpoint);
        browser.findElement(By.id("f-q")).sendKeys(Keys.ENTER);
        wait.until(d -> rows().contains(listedId));
    }

    /** Types into the search box and applies it. */
    void search(String text) {
        WebElement search = browser.findElement(By.id("f-q"));
        search.clear();
        search.sendKeys(text, Keys.ENTER);
    }

    List<String> rows() {
        return browser.findElements(By.cssSelector("#records tbody tr")).stream()
                .map(row -> row.getAttribute("data-event-id"))
                .toList();
    }

    WebElement row(String eventId) {
        return browser.findElement(By.cssSelector("#records tbody tr[data-event-id='" + eventId + "']"));
    }

    /** Opens a record from its row with the keyboard and waits until the panel shows it. */
    void open(String endpoint, String eventId) {
        row(eventId).sendKeys(Keys.ENTER);
        wait.until(d -> text("#d-key").equals(endpoint + ":" + eventId));
    }

    String field(String name) {
        return text("#d-fields dd[data-field='" + name + "']");
    }

    String text(String selector) {
        return browser.findElement(By.cssSelector(selector)).getText();
    }

    void click(String selector) {
        browser.findElement(By.cssSelector(selector)).click();
    }

    void waitForStatus(String message) {
        wait.until(d -> text("#status").equals(message));
    }

    /** Confirms the open confirmation and returns what it asked. */
    String confirm() {
        wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("confirm")));
        String question = text("#confirm-text");
        click("#confirm-ok");
        return question;
    }

    /** The element's box on the screen. */
    Box box(String selector) {
        @SuppressWarnings("unchecked")
        Map<String, Number> rect = (Map<String, Number>) browser.executeScript(
                "const r = document.querySelector(arguments[0]).getBoundingClientRect();"
                        + " return {left: r.left, top: r.top, right: r.right, bottom: r.bottom};",
                selector);
        assertThat(rect).as(selector).isNotNull();
        return new Box(
                rect.get("left").doubleValue(),
                rect.get("top").doubleValue(),
                rect.get("right").doubleValue(),
                rect.get("bottom").doubleValue());
    }

    /** Write controls a person could see: action buttons, the bulk form, selection boxes, the note field. */
    List<WebElement> visibleWriteControls() {
        return browser
                .findElements(By.cssSelector(
                        "#actions, #actions button, #note, #bulk, #bulk button, #pick-all, input.pick-one"))
                .stream()
                .filter(WebElement::isDisplayed)
                .toList();
    }

    /** Saves a screenshot under {@code target/screenshots/}. */
    void screenshot(String name) {
        try {
            Path target = Path.of("target", "screenshots");
            Files.createDirectories(target);
            Files.copy(
                    browser.getScreenshotAs(OutputType.FILE).toPath(),
                    target.resolve(name),
                    StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
